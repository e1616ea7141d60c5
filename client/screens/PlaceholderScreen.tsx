import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Text } from '../../core/documents/document.types';
import { resolveText } from '../i18n/text';
import type { ScreenProps } from '../runtime/screen.types';
import { PageHeader } from './parts/PageHeader';

/**
 * A route whose area is not built yet. It says so first ("This page is not built yet"), then what
 * the area will hold (props.description, else the `areas.<props.area>` text): an empty-looking page
 * read as a broken one. The menu marks links to it (MenuList).
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
      <NonIdealState
        icon="build"
        title={t('placeholder.notBuilt')}
        description={resolveText(description, t, i18n.language)}
        layout="vertical"
      />
    </section>
  );
}
