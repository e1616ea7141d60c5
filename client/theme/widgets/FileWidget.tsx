import { FileInput } from '@blueprintjs/core';
import { RichDescription } from '@rjsf/core';
import { ariaDescribedByIds, TranslatableString, useFileWidgetProps, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

// RJSF's file line is markdown ("**name** (type, n bytes)"); raw HTML stays text
const MARKDOWN = { 'ui:enableMarkdownInDescription': true };

/**
 * Files as data URLs (format data-url) through a Blueprint FileInput; the chosen files are listed
 * with a remove button each, and JPEG/PNG previewed when `ui:options.filePreview` asks.
 */
export function FileWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, multiple, options, registry, onChange } = props;
  const { t } = useTranslation();
  const { filesInfo, handleChange, handleRemove } = useFileWidgetProps(value, onChange, multiple);
  const { RemoveButton } = registry.templates.ButtonTemplates;
  const { translateString } = registry;
  return (
    <div className="rjsf-file">
      <FileInput
        fill
        disabled={disabled || readonly}
        hasSelection={filesInfo.length > 0}
        text={filesInfo.length > 0 ? filesInfo.map((file) => file.name).join(', ') : t('theme.file.choose')}
        buttonText={t('theme.file.browse')}
        inputProps={{
          id,
          name: htmlName || id,
          multiple,
          required: value ? false : required,
          autoFocus: autofocus,
          accept: options.accept ? String(options.accept) : undefined,
          'aria-describedby': ariaDescribedByIds(id),
        }}
        onInputChange={(event) => {
          if (event.currentTarget.files) void handleChange(event.currentTarget.files);
        }}
      />
      {filesInfo.length > 0 && (
        <ul className="rjsf-file__list">
          {filesInfo.map((file, index) => (
            <li key={`${file.name}/${file.size}/${file.type}`}>
              <RichDescription
                description={translateString(TranslatableString.FilesInfo, [file.name, file.type, String(file.size)])}
                registry={registry}
                uiSchema={MARKDOWN}
              />
              {options.filePreview && file.dataURL && ['image/jpeg', 'image/png'].includes(file.type) && (
                <img
                  src={file.dataURL}
                  alt={translateString(TranslatableString.PreviewLabel)}
                  className="rjsf-file__preview"
                />
              )}
              <RemoveButton registry={registry} disabled={disabled || readonly} onClick={() => handleRemove(index)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
