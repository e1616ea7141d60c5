import { Button, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentEntry } from './documents.api';

interface DocumentListProps {
  documents: DocumentEntry[];
  selected: string | null;
  onSelect: (entry: DocumentEntry) => void;
}

export const documentName = (entry: { kind: string; id: string }) => `${entry.kind}/${entry.id}`;

/** Every config document, filterable, with its latest published version and a pending draft. */
export function DocumentList({ documents, selected, onSelect }: DocumentListProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = documents.filter((entry) => documentName(entry).toLowerCase().includes(needle));

  return (
    <nav className="documents-admin__list" aria-label={t('admin.documents.list')}>
      <InputGroup
        type="search"
        leftIcon="search"
        size="small"
        placeholder={t('admin.documents.filter')}
        aria-label={t('admin.documents.filter')}
        value={filter}
        onValueChange={setFilter}
      />
      {shown.length === 0 && (
        <NonIdealState className="documents-admin__none" icon="search" description={t('admin.documents.noMatch')} />
      )}
      <ul className="documents-admin__items">
        {shown.map((entry) => {
          const name = documentName(entry);
          const hasDraft = entry.latestVersion > (entry.latestPublished ?? 0);
          return (
            <li key={name}>
              <Button
                variant="minimal"
                fill
                alignText="start"
                active={name === selected}
                aria-label={name}
                aria-current={name === selected ? 'true' : undefined}
                onClick={() => onSelect(entry)}
                endIcon={
                  <span className="documents-admin__item-tags">
                    {hasDraft && (
                      <Tag
                        minimal
                        intent="warning"
                        title={t('admin.documents.draftPending', { version: entry.latestVersion })}
                      >
                        {t('admin.documents.statusDraft')}
                      </Tag>
                    )}
                    <Tag minimal round title={t('admin.documents.latestPublished')}>
                      {entry.latestPublished === null
                        ? '–'
                        : t('admin.documents.versionShort', { version: entry.latestPublished })}
                    </Tag>
                  </span>
                }
              >
                <span className="documents-admin__item-kind">{entry.kind}</span>
                <span className="documents-admin__item-id">{entry.id}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
