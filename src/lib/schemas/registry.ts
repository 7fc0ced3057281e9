import { z } from 'zod';

/**
 * Named answer schemas of the API: the OpenAPI document's `components.schemas`, each referenced by its id
 * (`#/components/schemas/<id>`) wherever an operation answers it.
 */
export const components = z.registry<{ id: string; description?: string }>();
