import type { Operation } from './operations';

/** OpenAPI rows of the issue-12 routes: see ./operations.ts for the row shape. */
export const OPERATIONS_PEOPLE: Operation[] = [];
