import { Button, Card, FormGroup, H4, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TipText } from '../../../../core/tooltips/tooltip.types';
import { RichText } from '../../../runtime/RichText';

interface Props {
  id: string;
  tip: TipText;
  onChange: (tip: TipText) => void;
  onRemove: () => void;
}

const LANGUAGES = ['en', 'tr'] as const;

/** One tip's English and Turkish text, each with its sanitised preview as it will show. */
export function TipForm({ id, tip, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <div className="tips-editor__form">
      <H4>{id}</H4>
      {LANGUAGES.map((language) => (
        <div key={language} className="tips-editor__language">
          <FormGroup label={t(`tooltips.editor.text.${language}`)} labelFor={`tip-${language}`}>
            <TextArea
              id={`tip-${language}`}
              fill
              rows={4}
              value={tip[language]}
              onChange={(event) => onChange({ ...tip, [language]: event.target.value })}
            />
          </FormGroup>
          <Card
            compact
            className="tips-editor__preview"
            aria-label={t(`tooltips.editor.preview.${language}`)}
            role="region"
          >
            <RichText html={tip[language]} />
          </Card>
        </div>
      ))}
      <p className="bp6-text-muted">{t('tooltips.editor.formatting')}</p>
      <Button intent="danger" variant="outlined" icon="trash" text={t('tooltips.editor.remove')} onClick={onRemove} />
    </div>
  );
}
