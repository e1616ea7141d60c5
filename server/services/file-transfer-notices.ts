import type { AppContext } from '../context';
import { passesGuard } from '../auth/require-guard';
import type { AuthContext } from '../auth/authenticate';
import type { Language } from '../http/i18n';
import type { FileTransferRecord, UserRecord } from '../store/records.types';
import { FILE_TRANSFER_READERS } from './file-transfer-guards';
import { createNotification } from './notifications';

/** The counterparty hears of a new file: each member of the recipient organisation who may open its inbox. */
export class FileTransferNotices {
  constructor(private readonly ctx: AppContext) {}

  async sent(transfer: FileTransferRecord): Promise<void> {
    const members = await this.ctx.store
      .collection<UserRecord>('users')
      .find((user) => user.organizationIds.includes(transfer.recipientOrganizationId));
    const values = { sender: transfer.senderOrganizationName, file: transfer.name };
    const texts = (language: Language) => ({
      title: this.ctx.translator.t(language, 'fileTransfer.notice.title', values),
      description: this.ctx.translator.t(language, 'fileTransfer.notice.description', values),
      url: `/app/file-transfer/${transfer.id}`,
    });
    for (const user of members) {
      // judged as if the member worked in the recipient organisation: user groups count, as in a session
      const asMember = { user, claims: { org: transfer.recipientOrganizationId }, token: '' } as AuthContext;
      if (!(await passesGuard(this.ctx, asMember, FILE_TRANSFER_READERS))) continue;
      await createNotification(this.ctx, {
        receiverId: user.id,
        groups: [{ groupValue: 'files', groupKey: 'fileReceived' }],
        payload: { ...texts('en'), tr: texts('tr') },
      });
    }
  }
}
