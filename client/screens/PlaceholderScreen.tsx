import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Text } from '../../core/documents/document.types';
import { resolveText } from '../i18n/text';
import type { ScreenProps } from '../runtime/screen.types';
import { PageHeader } from './parts/PageHeader';

/**
 * An area later work fills: its title (props.title, an i18n key or {en, tr}) and a short
 * translated note of what it will do (props.description, else the `areas.<props.area>` text).
 */
export default function PlaceholderScreen({ props }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = (props.title ?? 'placeholder.untitled') as Text;
  const area = typeof props.area === 'string' ? `areas.${props.area}` : '';
  const description: Text =
    props.description !== undefined
      ? (props.description as Text)
      : i18n.exists(area)
        ? area
        : 'placeholder.description';
  return (
    <section className="placeholder-screen">
      <PageHeader title={resolveText(title, t, i18n.language)} />
      <Callout icon="build" intent="primary">
        {resolveText(description, t, i18n.language)}
      </Callout>
    </section>
  );
}
