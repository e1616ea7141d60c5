import { ArrowDownIcon, ArrowUpIcon, CrossIcon, DuplicateIcon, TrashIcon } from '@blueprintjs/icons';
import { type IconButtonProps, TranslatableString } from '@rjsf/utils';
import { IconButton } from './IconButton';

/** The array item and additional property buttons: icons named in the user's language. */
export function MoveUpButton(props: IconButtonProps) {
  const label = props.registry.translateString(TranslatableString.MoveUpButton);
  return <IconButton {...props} icon={<ArrowUpIcon />} label={label} />;
}

export function MoveDownButton(props: IconButtonProps) {
  const label = props.registry.translateString(TranslatableString.MoveDownButton);
  return <IconButton {...props} icon={<ArrowDownIcon />} label={label} />;
}

export function CopyButton(props: IconButtonProps) {
  const label = props.registry.translateString(TranslatableString.CopyButton);
  return <IconButton {...props} icon={<DuplicateIcon />} label={label} />;
}

export function RemoveButton(props: IconButtonProps) {
  const label = props.registry.translateString(TranslatableString.RemoveButton);
  return <IconButton {...props} icon={<TrashIcon />} label={label} intent="danger" />;
}

export function ClearButton(props: IconButtonProps) {
  const label = props.registry.translateString(TranslatableString.ClearButton);
  return <IconButton {...props} icon={<CrossIcon />} label={label} />;
}
