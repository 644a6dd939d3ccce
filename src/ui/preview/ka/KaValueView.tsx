/**
 * A keyed-archive value laid out by its type: numbers right-aligned with separators, vectors
 * as a row of labelled cells, matrices and boxes as grids, a transform as its three rows, a
 * colour as a swatch beside its channels, 64-bit integers in decimal and hex, string ids with
 * their string, byte arrays as hex rows. Presentational: the answer comes from the worker
 * (KaNodePane), so server renders test every layout. File-derived text is rendered as text.
 */
import type { ReactElement } from 'react';
import { formatCount, formatExactBytes } from '../../format.ts';
import type { KaDisplayValue, KaValueAnswer } from './ka-view-types.ts';
import {
  bytesAsU64,
  colorCss,
  colorHex,
  componentLabels,
  groupDigits,
  hexRows,
  intHex,
  isClamped,
  numberText,
  rowLabels,
  stringIdText,
} from './value-text.ts';

type Span = { offset: number; length: number };

export interface KaValueViewProps {
  answer: KaValueAnswer;
  /** Moves the hex view to a byte array's bytes; absent: no such control. */
  onShowBytes?: (span: Span) => void;
}

export function KaValueView({ answer, onShowBytes }: KaValueViewProps): ReactElement {
  return (
    <div className="ka-value" data-testid="ka-value" data-kind={answer.value.kind}>
      <p className="ka-value-type">
        <span className="ka-type-name">{answer.typeName}</span>{' '}
        <span className="muted">(type {answer.typeId})</span>
      </p>
      <ValueBody value={answer.value} typeName={answer.typeName} onShowBytes={onShowBytes} />
    </div>
  );
}

function ValueBody({
  value,
  typeName,
  onShowBytes,
}: {
  value: KaDisplayValue;
  typeName: string;
  onShowBytes: ((span: Span) => void) | undefined;
}): ReactElement {
  switch (value.kind) {
    case 'none':
      return <p className="muted">No value (type none).</p>;
    case 'bool':
      return (
        <p className="ka-scalar" data-testid="ka-bool">
          {value.value ? 'true' : 'false'}
          {value.byte > 1 && <span className="muted"> (stored byte {value.byte})</span>}
        </p>
      );
    case 'number':
      return <NumberValue value={value.value} typeName={typeName} />;
    case 'bigint':
      return <BigValue decimal={value.decimal} hex={value.hex} />;
    case 'numbers':
      return (
        <Grid
          testId="ka-vector"
          caption={`${typeName} components`}
          columns={componentLabels(typeName, value.values.length)}
          rows={[{ label: null, values: value.values }]}
        />
      );
    case 'rows': {
      const labels = rowLabels(typeName, value.rows.length);
      const width = Math.max(...value.rows.map((row) => row.length));
      const isBox = typeName.startsWith('AABBox');
      return (
        <Grid
          testId="ka-matrix"
          caption={isBox ? `${typeName} corners` : `${typeName}, row by row`}
          columns={
            isBox
              ? componentLabels('Vector3', width)
              : Array.from({ length: width }, (_, at) => `col ${at}`)
          }
          rows={value.rows.map((row, at) => ({ label: labels[at] ?? null, values: row }))}
        />
      );
    }
    case 'transform':
      return (
        <Grid
          testId="ka-transform"
          caption="Transform: translation, scale, rotation (quaternion)"
          columns={['x', 'y', 'z', 'w']}
          rows={[
            { label: 'translation', values: value.translation },
            { label: 'scale', values: value.scale },
            { label: 'rotation', values: value.rotation },
          ]}
        />
      );
    case 'color':
      return <ColorValue color={value} />;
    case 'text':
      return <TextValue text={value.text} />;
    case 'stringId':
      return (
        <p className="ka-scalar" data-testid="ka-string-id">
          <code>{stringIdText(value.id)}</code>
          {value.text === null ? (
            <span className="muted"> not in the string table</span>
          ) : (
            <>
              {' → '}
              <q className="ka-text">{value.text}</q>
            </>
          )}
        </p>
      );
    case 'wideString':
      return (
        <>
          <TextValue text={value.text} />
          <p className="muted ka-note" data-testid="ka-wide-width">
            Wide string of {value.width}-byte units (UTF-{value.width === 4 ? 32 : 16}LE)
            {value.isAmbiguous ? `; ${value.width === 4 ? 2 : 4}-byte units would read too` : ''}
          </p>
        </>
      );
    case 'bytes':
      return <BytesValue value={value} onShowBytes={onShowBytes} />;
    case 'archive':
      return (
        <p className="ka-scalar" data-testid="ka-container">
          Keyed archive ({value.archiveKind}), {formatCount(value.count)}{' '}
          {value.count === 1 ? 'key' : 'keys'}
        </p>
      );
    case 'array':
      return (
        <p className="ka-scalar" data-testid="ka-container">
          Array of {formatCount(value.count)} {value.count === 1 ? 'value' : 'values'}
        </p>
      );
  }
}

function NumberValue({ value, typeName }: { value: number; typeName: string }): ReactElement {
  const hex = intHex(value, typeName);
  return (
    <p className="ka-scalar ka-number" data-testid="ka-number">
      <span className="ka-num">{numberText(value)}</span>
      {hex !== null && <code className="muted ka-hex"> {hex}</code>}
    </p>
  );
}

function BigValue({ decimal, hex }: { decimal: string; hex: string }): ReactElement {
  return (
    <dl className="facts ka-big">
      <div className="fact">
        <dt>Decimal</dt>
        <dd className="ka-num" data-testid="ka-bigint-decimal" title={decimal}>
          {groupDigits(decimal)}
        </dd>
      </div>
      <div className="fact">
        <dt>Hex</dt>
        <dd data-testid="ka-bigint-hex">
          <code>{hex}</code>
        </dd>
      </div>
    </dl>
  );
}

interface GridRow {
  label: string | null;
  values: readonly number[];
}

/** Numbers in a table: a header of component names, an optional label per row. */
function Grid({
  testId,
  caption,
  columns,
  rows,
}: {
  testId: string;
  caption: string;
  columns: readonly string[];
  rows: readonly GridRow[];
}): ReactElement {
  const width = Math.max(...rows.map((row) => row.values.length));
  const hasLabels = rows.some((row) => row.label !== null);
  return (
    <table className="ka-grid" data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {hasLabels && <td />}
          {columns.slice(0, width).map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, at) => (
          <tr key={at}>
            {hasLabels && <th scope="row">{row.label}</th>}
            {row.values.map((value, column) => (
              <td key={column} className="ka-num">
                {numberText(value)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ColorValue({ color }: { color: Extract<KaDisplayValue, { kind: 'color' }> }) {
  const css = colorCss(color);
  return (
    <div className="ka-color">
      <span className="ka-swatch" aria-hidden="true">
        {/* A style object (CSSOM), not a style attribute in markup: the CSP allows it. */}
        <span
          className="ka-swatch-fill"
          data-testid="ka-color-swatch"
          style={{ background: css }}
        />
      </span>
      <div>
        <Grid
          testId="ka-color-channels"
          caption="Colour channels, 0 to 1"
          columns={['r', 'g', 'b', 'a']}
          rows={[{ label: null, values: [color.r, color.g, color.b, color.a] }]}
        />
        <p className="muted ka-note">
          <code data-testid="ka-color-hex">{colorHex(color)}</code>
          {isClamped(color) ? ' (channels outside 0–1 are shown clamped)' : ''}
        </p>
      </div>
    </div>
  );
}

function TextValue({ text }: { text: string }): ReactElement {
  return (
    <>
      <pre className="ka-text-block" data-testid="ka-text">
        {text}
      </pre>
      <p className="muted ka-note">{formatCount([...text].length)} characters</p>
    </>
  );
}

function BytesValue({
  value,
  onShowBytes,
}: {
  value: Extract<KaDisplayValue, { kind: 'bytes' }>;
  onShowBytes: ((span: Span) => void) | undefined;
}): ReactElement {
  const asId = bytesAsU64(value.hex, value.length);
  return (
    <div className="ka-bytes">
      <div className="ka-bytes-heading">
        <span>{formatExactBytes(value.length)}</span>
        {onShowBytes && value.length > 0 && (
          <button
            type="button"
            className="button button-small"
            data-testid="ka-show-bytes"
            onClick={() => onShowBytes(value.span)}
          >
            Show in hex view
          </button>
        )}
      </div>
      {value.length > 0 && (
        <pre className="ka-hex-block" data-testid="ka-bytes-hex">
          {hexRows(value.hex).join('\n')}
        </pre>
      )}
      {value.isTruncated && (
        <p className="muted ka-note">
          The first {formatExactBytes(value.hex.length / 2)} are shown; the hex view has them all.
        </p>
      )}
      {asId && (
        <dl className="facts ka-big" aria-label="As a little-endian 64-bit id">
          <div className="fact">
            <dt>As u64</dt>
            <dd className="ka-num" data-testid="ka-bytes-u64" title={asId.decimal}>
              {groupDigits(asId.decimal)} <code className="muted">{asId.hex}</code>
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
