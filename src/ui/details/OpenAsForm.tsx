/**
 * "Open as": a file no format recognised (or one opened as a format with options that did
 * not decode it) opened again as a format the user names, with that format's options — the
 * ones its CLI takes (`delve info FILE --shallow --flags 1`), listed by the registry
 * (state/open-as.ts). A blob from a packet capture has no magic: only the user knows what it is.
 */
import { useEffect, useId, useState, type ReactElement } from 'react';
import type { CliOption } from '../../formats/model.ts';
import { useActions } from '../../state/hooks.ts';
import { appOpenAsChoices, openAsSettings, type OpenAsChoice } from '../../state/open-as.ts';
import type { OpenFile } from '../../state/types.ts';

type Values = Record<string, string | boolean>;

/** The option's help without the format's name in front (`ObjectProperty: the file is…`). */
const helpOf = (option: CliOption) => option.summary.replace(/^[^:]+:\s*/, '');

function valuesOf(choice: OpenAsChoice, settings: Record<string, string>): Values {
  return Object.fromEntries(
    choice.options.map((option) => [
      option.name,
      option.isFlag ? settings[option.name] === 'true' : (settings[option.name] ?? ''),
    ]),
  );
}

function OptionField({
  option,
  value,
  onChange,
}: {
  option: CliOption;
  value: string | boolean | undefined;
  onChange(value: string | boolean): void;
}): ReactElement {
  const id = useId();
  if (option.isFlag) {
    return (
      <label className="open-as-flag" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          data-testid={`open-as-option-${option.name}`}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        <code>--{option.name}</code> {helpOf(option)}
      </label>
    );
  }
  return (
    <label className="open-as-value" htmlFor={id}>
      <code>--{option.name}</code>{' '}
      <input
        id={id}
        type="text"
        className="open-as-input"
        data-testid={`open-as-option-${option.name}`}
        placeholder={option.value}
        spellCheck={false}
        autoComplete="off"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      />{' '}
      <span className="muted">{helpOf(option)}</span>
    </label>
  );
}

export function OpenAsForm({ file }: { file: OpenFile }): ReactElement | null {
  const { reopenFileAs } = useActions();
  const [choices, setChoices] = useState<OpenAsChoice[] | null>(null);
  const [format, setFormat] = useState(file.openAs?.format ?? '');
  const [values, setValues] = useState<Values>({});
  const selectId = useId();

  useEffect(() => {
    let isCurrent = true;
    void appOpenAsChoices().then((found) => {
      if (!isCurrent) return;
      setChoices(found);
      const first = found.find((choice) => choice.format === file.openAs?.format) ?? found[0];
      if (first) {
        setFormat(first.format);
        setValues(valuesOf(first, file.openAs?.settings ?? {}));
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [file.openAs]);

  const choice = choices?.find((each) => each.format === format);
  if (!choices || !choice) return null;
  return (
    <section className="open-as" aria-label="Open as" data-testid="open-as">
      <h3 className="details-subtitle">Open as</h3>
      <p className="muted">
        {file.openAs
          ? 'These options did not decode it: change them and open it again.'
          : 'No format recognised these bytes. A blob without a header of its own (from a capture) opens as its format with the options it does not carry.'}
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void reopenFileAs(file.id, {
            format: choice.format,
            settings: openAsSettings(choice.options, values),
          });
        }}
      >
        {choices.length > 1 && (
          <label htmlFor={selectId}>
            Format{' '}
            <select
              id={selectId}
              data-testid="open-as-format"
              value={format}
              onChange={(event) => {
                const next = choices.find((each) => each.format === event.target.value);
                if (!next) return;
                setFormat(next.format);
                setValues(valuesOf(next, {}));
              }}
            >
              {choices.map((each) => (
                <option key={each.format} value={each.format}>
                  {each.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="open-as-options">
          {choice.options.map((option) => (
            <OptionField
              key={option.name}
              option={option}
              value={values[option.name]}
              onChange={(value) => setValues((current) => ({ ...current, [option.name]: value }))}
            />
          ))}
        </div>
        <button type="submit" className="button" data-testid="open-as-submit">
          Open as {choice.label}
        </button>
      </form>
    </section>
  );
}
