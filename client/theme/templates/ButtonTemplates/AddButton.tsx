import { Button, type ButtonProps } from '@blueprintjs/core';
import { AddIcon } from '@blueprintjs/icons';
import { type IconButtonProps, TranslatableString } from '@rjsf/utils';

/** Adds an array item or an additional property: a labelled Blueprint button (the caller may name it). */
export function AddButton({ id, className, onClick, disabled, registry, title }: IconButtonProps) {
  const text = title ?? registry.translateString(TranslatableString.AddItemButton);
  return (
    <div className="rjsf-add">
      <Button
        id={id}
        className={className}
        type="button"
        variant="outlined"
        intent="primary"
        icon={<AddIcon />}
        text={text}
        onClick={onClick as ButtonProps['onClick']}
        disabled={disabled}
      />
    </div>
  );
}
