import { Button, FileInput, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_MEDIA_TYPES, type FileKind, MAX_FILE_BYTES } from '../../../core/files/sniff';
import { isFileRef } from '../../../core/questionnaire/questionnaire';
import type { Field, FileRef } from '../../../core/questionnaire/questionnaire.types';
import { wbe } from '../../api/clients';
import { downloadFile } from '../../api/download';
import { failureText } from '../../api/failureText';

interface Props {
  field: Field;
  value: unknown;
  label: string;
  onChange: (value: FileRef | undefined) => void;
}

/** What the same bytes may not be given twice for: this question on this page (the record it answers). */
function scopeOf(itemId: string): string {
  const page = window.location.pathname.replace(/[^A-Za-z0-9:._-]+/g, '_').replace(/^_+/, '');
  return `${page.slice(-150) || 'answers'}:${itemId}`.slice(0, 200);
}

/**
 * A file question's answer: the file goes to the server (POST /wbe/api/files) with a progress bar and
 * the answer keeps the reference it answers (id, name, size, type, sha256), never the bytes. The server
 * judges the kind by content and refuses a duplicate; its reason shows under the control.
 */
export function FileAnswer({ field, value, label, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const current = isFileRef(value) ? value : null;
  const accept = (field.accept as FileKind[] | undefined) ?? undefined;

  const send = async (file: File) => {
    setFailure(null);
    if (file.size > MAX_FILE_BYTES) {
      setFailure(t('errors.fileAnswerTooLarge'));
      return;
    }
    const form = new FormData();
    form.append('scope', scopeOf(field.id));
    if (accept) form.append('accept', accept.join(','));
    form.append('file', file, file.name);
    setProgress(0);
    try {
      const answer = await wbe.post<{ content: FileRef }>('/files', form, {
        onUploadProgress: (event) => setProgress(event.total ? event.loaded / event.total : null),
      });
      onChange(answer.data.content);
    } catch (error) {
      setFailure(failureText(error, t, i18n));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="questionnaire__file">
      <FileInput
        fill
        disabled={progress !== null}
        hasSelection={current !== null}
        text={current ? current.name : t('theme.file.choose')}
        buttonText={t('theme.file.browse')}
        inputProps={{
          'aria-label': label,
          accept: accept?.map((kind) => FILE_MEDIA_TYPES[kind]).join(','),
        }}
        onInputChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = ''; // the same file may be picked again after a refusal
          if (file) void send(file);
        }}
      />
      {progress !== null && (
        <ProgressBar value={progress ?? undefined} intent="primary" aria-label={t('questionnaire.file.uploading')} />
      )}
      {current && progress === null && (
        <p className="questionnaire__file-current">
          <Button
            variant="minimal"
            size="small"
            icon="download"
            text={t('questionnaire.file.download', { name: current.name })}
            onClick={() => void downloadFile(`/wbe/api/files/${current.id}`).catch(() => undefined)}
          />
          <Button
            variant="minimal"
            size="small"
            icon="cross"
            intent="danger"
            text={t('questionnaire.file.remove')}
            onClick={() => onChange(undefined)}
          />
        </p>
      )}
      {failure && (
        <p className="bp6-text-muted questionnaire__file-failure" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
