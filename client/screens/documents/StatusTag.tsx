import { type Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DocumentStatus } from '../../../core/documents/document.types';

const STATUS_INTENT: Record<DocumentStatus, Intent> = { published: 'success', draft: 'warning', retired: 'none' };
const STATUS_KEY: Record<DocumentStatus, string> = {
  published: 'admin.documents.statusPublished',
  draft: 'admin.documents.statusDraft',
  retired: 'admin.documents.statusRetired',
};

/** The status of the version shown in the editor, as a coloured tag (the version list colours it the same). */
export function StatusTag({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation();
  return (
    <Tag minimal={status !== 'published'} intent={STATUS_INTENT[status]} className="documents-admin__status">
      {t(STATUS_KEY[status])}
    </Tag>
  );
}
