import { useTranslation } from 'react-i18next';
import type { TextPanel as TextDef } from '../../../../core/pages/page.types';
import { resolveText } from '../../../i18n/text';
import { RichText } from '../../../runtime/RichText';

/** Text with the tooltips' limited formatting, sanitised. */
export function TextPanel({ panel }: { panel: TextDef }) {
  const { t, i18n } = useTranslation();
  return <RichText html={resolveText(panel.text, t, i18n.language)} />;
}
