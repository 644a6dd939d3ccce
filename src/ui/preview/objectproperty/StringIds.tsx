/**
 * String IDs: the hashes KingsIsle names things by, of a typed text — its string ID (class
 * names), djb2 (property names) and, with a type name, the property hash — and what the
 * text names in the loaded type lists, a class or a property; a number is read as a hash and
 * looked up the other way. Computed in the worker by the format's own hash functions.
 */
import { useId, useState, type ReactElement } from 'react';
import { useViewAnswer } from '../../../state/hooks.ts';
import { useDebounced } from '../../use-debounced.ts';
import { FactList } from '../../details/FactList.tsx';
import { TextField } from './fields.tsx';
import { hashText, type Hashes, type Query } from './view-types.ts';

export function StringIds({
  fileId,
  hasTypeLists,
}: {
  fileId: string;
  hasTypeLists: boolean;
}): ReactElement {
  const id = useId();
  const [text, setText] = useState('');
  const [typeName, setTypeName] = useState('');
  const asked = useDebounced({ text, typeName }, 150);
  const query: Query | null =
    asked.text === '' ? null : { kind: 'hashes', text: asked.text, typeName: asked.typeName };
  const answer = useViewAnswer<Hashes>(fileId, query);

  return (
    <section className="view-box" aria-labelledby={`${id}-title`} data-testid="op-ids">
      <h3 id={`${id}-title`} className="view-subtitle">
        String IDs
      </h3>
      <div className="view-actions">
        <TextField
          label="Name or hash"
          testId="op-ids-text"
          value={text}
          placeholder="m_name, class Inner, 0x2B2B5A99"
          onChange={setText}
        />
        <TextField
          label="Property type (for its property hash)"
          testId="op-ids-type"
          value={typeName}
          placeholder="std::string"
          onChange={setTypeName}
        />
      </div>
      {query !== null && answer.status === 'error' && (
        <p className="error-text" role="alert">
          {answer.error.message}
        </p>
      )}
      {query !== null && answer.status === 'ok' && (
        <div data-testid="op-ids-result">
          <FactList
            facts={[
              ['String ID', hashText(answer.value.stringId)],
              ['djb2', hashText(answer.value.djb2)],
              [
                'Property hash',
                answer.value.propertyHash === null
                  ? 'give a property type'
                  : hashText(answer.value.propertyHash),
              ],
            ]}
          />
          {answer.value.names === null ? (
            <p className="muted">
              {hasTypeLists ? '' : 'Load a type list to look names and hashes up.'}
            </p>
          ) : (
            <NamesFound names={answer.value.names} />
          )}
        </div>
      )}
    </section>
  );
}

function NamesFound({ names }: { names: NonNullable<Hashes['names']> }): ReactElement {
  if (names.classes.length === 0 && names.properties.length === 0) {
    return <p className="muted">Not in the type lists.</p>;
  }
  return (
    <ul className="op-names" aria-label="In the type lists" data-testid="op-ids-names">
      {names.classes.map((found) => (
        <li key={`class ${found.name}`}>
          Class {found.name}: {hashText(found.hash)}
        </li>
      ))}
      {names.properties.map((found) => (
        <li key={`${found.className} ${found.name}`}>
          Property {found.name} ({found.type}) of {found.className}: {hashText(found.hash)}
        </li>
      ))}
    </ul>
  );
}
