/**
 * The parts of a view's decode box (a frame, a blob): the text area hex is pasted into, where
 * Ctrl+Enter decodes, and the Decode button with that hint beside it.
 */
import type { ReactElement } from 'react';

export function PasteArea({
  id,
  value,
  placeholder,
  testId,
  onChange,
  onDecode,
}: {
  id: string;
  value: string;
  placeholder: string;
  testId: string;
  onChange(text: string): void;
  onDecode(): void;
}): ReactElement {
  return (
    <textarea
      id={id}
      className="view-code-input"
      data-testid={testId}
      rows={4}
      value={value}
      placeholder={placeholder}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          onDecode();
        }
      }}
    />
  );
}

export function DecodeActions({
  testId,
  onDecode,
}: {
  testId: string;
  onDecode(): void;
}): ReactElement {
  return (
    <div className="view-actions">
      <button type="button" className="button button-small" data-testid={testId} onClick={onDecode}>
        Decode
      </button>
      <span className="muted view-hint">Ctrl+Enter in the box decodes too.</span>
    </div>
  );
}
