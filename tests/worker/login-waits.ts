// The login guard's waits in this test file (tests/worker/setup.ts records them instead of sleeping).
export const loginWaits: number[] = [];
