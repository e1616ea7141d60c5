import type { Guard } from '../../core/guard/guard.types';

/** Who opens the file-transfer screens and their endpoints (shell §2.4), admins included. */
export const FILE_TRANSFER_READERS: Guard = { anyOf: ['secureFileTransfer:view', 'admin'] };
