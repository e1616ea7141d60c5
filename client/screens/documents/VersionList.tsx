import { Button, HTMLTable, type Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DocumentStatus } from '../../../core/documents/document.types';
import { useAppConfig } from '../../runtime/appConfig';
import { formatDate } from '../../runtime/dates';
import type { VersionMeta } from './documents.api';

const STATUS_INTENT: Record<DocumentStatus, Intent> = { published: 'success', draft: 'warning', retired: 'none' };
const STATUS_KEY: Record<DocumentStatus, string> = {
  published: 'admin.documents.statusPublished',
  draft: 'admin.documents.statusDraft',
  retired: 'admin.documents.statusRetired',
};

/** The status of a version as a coloured tag. */
export function StatusTag({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation();
  return (
    <Tag minimal={status !== 'published'} intent={STATUS_INTENT[status]} className="documents-admin__status">
      {t(STATUS_KEY[status])}
    </Tag>
  );
}

interface VersionListProps {
  versions: VersionMeta[];
  selected: number | null;
  onSelect: (version: number) => void;
}

/** Versions of one document, newest first: status, author, time and a short content hash. */
export function VersionList({ versions, selected, onSelect }: VersionListProps) {
  const { t } = useTranslation();
  const { shell } = useAppConfig();
  const rows = [...versions].sort((a, b) => b.version - a.version);
  return (
    <div className="documents-admin__versions">
      <HTMLTable compact interactive className="documents-admin__table" aria-label={t('admin.documents.versions')}>
        <thead>
          <tr>
            <th scope="col">{t('admin.documents.version')}</th>
            <th scope="col">{t('admin.documents.status')}</th>
            <th scope="col">{t('admin.documents.author')}</th>
            <th scope="col">{t('admin.documents.time')}</th>
            <th scope="col">{t('admin.documents.hash')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((meta) => {
            const current = meta.version === selected;
            return (
              <tr
                key={meta.version}
                className={current ? 'documents-admin__row--current' : undefined}
                aria-current={current ? 'true' : undefined}
                onClick={() => onSelect(meta.version)}
              >
                <td>
                  <Button
                    size="small"
                    variant="minimal"
                    active={current}
                    aria-label={t('admin.documents.openVersion', { version: meta.version })}
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(meta.version);
                    }}
                  >
                    {t('admin.documents.versionShort', { version: meta.version })}
                  </Button>
                </td>
                <td>
                  <StatusTag status={meta.status} />
                </td>
                <td className="documents-admin__author">{meta.publishedBy ?? meta.createdBy}</td>
                <td className="documents-admin__time">
                  {formatDate(meta.publishedAt ?? meta.createdAt, `${shell.dateFormat} HH:mm`)}
                </td>
                <td>
                  <code className="documents-admin__hash" title={meta.hash}>
                    {meta.hash.slice(0, 10)}
                  </code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
