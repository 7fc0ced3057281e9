// The scrypt cost of new password hashes in the worker tests (setup.ts): the same algorithm and code path
// as production at a lower cost, since JavaScript runs many times slower in the test pool's workerd.
export const TEST_SCRYPT_PARAMS = { N: 2 ** 10, r: 8, p: 1, dkLen: 32 };
