import { validateJsonQuery } from '../http/validate';
import { aggregateSchema } from './request-schemas';

/**
 * On a list route: its `aggregate` parameter checked at the edge against the schema and shown in
 * /openapi.json. The list itself answers it (listQueryOf), behind its own guard and scope.
 */
export const aggregatable = validateJsonQuery('aggregate', aggregateSchema);
