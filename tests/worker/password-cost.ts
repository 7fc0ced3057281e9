// The scrypt cost of new password hashes in the worker tests (setup.ts): the same algorithm and code path
// as production at a far lower cost, since JavaScript runs many times slower in the test pool's workerd.
// scrypt's work grows with N·r·p: at N = 2^10 each login took about a tenth of a second of the pool's CPU
// (login-guard.test.ts alone ~10 s); at 2^4 the hashing is no longer what the tests wait for.
export const TEST_SCRYPT_PARAMS = { N: 2 ** 4, r: 8, p: 1, dkLen: 32 };
