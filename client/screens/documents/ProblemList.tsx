import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DocumentProblem } from '../../../core/documents/document.types';

interface ProblemListProps {
  problems: DocumentProblem[];
  /** Where the list came from: a dry run (Validate) or a refused publish. */
  source: 'validate' | 'publish';
  onReveal: (path: string) => void;
}

/** Validation problems with their JSON pointer; each one jumps to its spot in the editor. */
export function ProblemList({ problems, source, onReveal }: ProblemListProps) {
  const { t } = useTranslation();
  if (problems.length === 0) {
    return (
      <Callout intent="success" icon="tick-circle" className="documents-admin__problems" role="status">
        {t('admin.documents.valid')}
      </Callout>
    );
  }
  return (
    <Callout
      intent="danger"
      icon="error"
      className="documents-admin__problems"
      title={t(source === 'publish' ? 'admin.documents.publishRefused' : 'admin.documents.problems', {
        count: problems.length,
      })}
    >
      <ol className="documents-admin__problem-list" aria-label={t('admin.documents.problemsList')}>
        {problems.map((problem, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id and one pointer may carry several messages; the list is replaced whole
          <li key={`${index}${problem.path}`} className="documents-admin__problem">
            <Button
              size="small"
              variant="minimal"
              icon="locate"
              aria-label={t('admin.documents.reveal', { path: problem.path || '/' })}
              title={t('admin.documents.reveal', { path: problem.path || '/' })}
              onClick={() => onReveal(problem.path)}
            />
            <code className="documents-admin__pointer">{problem.path || '/'}</code>
            <span className="documents-admin__message">{problem.message}</span>
          </li>
        ))}
      </ol>
    </Callout>
  );
}
