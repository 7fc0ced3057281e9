import type { Messages } from './en.ts';
import { es419 } from './es-419.ts';
import { consoleEsMX } from './console/index.ts';

// Mexican Spanish: Latin American Spanish (es-419) plus what Mexico says its own way. The lookup goes
// es-MX -> es -> en, so the es-419 wording is carried in here.
export const esMX = {
  ...es419,
  // Mexico has states (estados), and forms ask for both surnames.
  fieldState: 'Estado',
  fieldLastName: 'Apellidos',
  // The console's screens (./console/*.ts)
  ...consoleEsMX,
} satisfies Partial<Messages>;
