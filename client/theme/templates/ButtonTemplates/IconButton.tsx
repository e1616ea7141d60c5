import { Button, type ButtonProps, type Intent } from '@blueprintjs/core';
import type { IconButtonProps } from '@rjsf/utils';
import type { ReactElement } from 'react';

type Props = Omit<IconButtonProps, 'icon'> & { icon: ReactElement; label: string; intent?: Intent };

/** A small Blueprint icon button whose label is its accessible name and its tooltip. */
export function IconButton({ id, className, style, disabled, onClick, icon, label, intent }: Props) {
  return (
    <Button
      id={id}
      className={className}
      style={style}
      type="button"
      variant="minimal"
      size="small"
      intent={intent}
      icon={icon}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick as ButtonProps['onClick']}
    />
  );
}
