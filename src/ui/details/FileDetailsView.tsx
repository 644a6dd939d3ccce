/**
 * Facts of an opened file: format, header facts, totals, the sources (and web addresses) it was opened from and
 * the ones it lacks (with a way to add them), a check of a game folder when the file lists an
 * install's files, the issues found while reading, and the fatal error when reading stopped early.
 */
import { Fragment, useRef, type ChangeEvent, type ReactElement } from 'react';
import { useActions } from '../../state/hooks.ts';
import type { OpenFile } from '../../state/types.ts';
import type { Issue } from '../../worker/rpc/api.ts';
import {
  asSentence,
  formatCount,
  formatCountOf,
  formatExactBytes,
  formatOffset,
  formatRatio,
  formatSize,
} from '../format.ts';
import { InstallCheckSection } from '../install/InstallCheck.tsx';
import { offersOpenAs } from '../../state/open-as.ts';
import { OpenAsForm } from './OpenAsForm.tsx';
import { FactList, type Fact } from './FactList.tsx';

/** Issues shown at once; an archive with many unpatched entries can have thousands. */
const ISSUES_SHOWN = 200;
/** Sources named in full up to this many; more are counted (the names show on hover). */
const SOURCES_LISTED = 6;

function fileFacts(file: OpenFile): Fact[] {
  const { summary } = file;
  // The name is the section's title: not a fact again.
  const list: Fact[] = [['File size', formatSize(file.size), formatExactBytes(file.size)]];
  if (file.parentPath !== null) list.push(['Opened from', file.parentPath]);
  // A remote file says where it came from: each address its sources were fetched from.
  for (const url of file.remoteUrls ?? []) list.push(['Address', url]);
  if (!summary) {
    const progress = file.openProgress;
    if (progress) list.push(['Entries read', formatCount(progress.entriesRead)]);
    return list;
  }
  list.push(['Format', summary.formatLabel]);
  // A file with no nodes (one of unknown format): totals of nothing are noise.
  if (summary.entryCount === 0) return [...list, ...summary.facts];
  list.push(
    // A document's nodes are its own parts (tables, fields, records), not files inside it.
    [summary.layout === 'document' ? 'Nodes' : 'Entries', formatCount(summary.entryCount)],
    ['Unpacked', formatSize(summary.totalSize), formatExactBytes(summary.totalSize)],
    ['Stored', formatSize(summary.totalStoredSize), formatExactBytes(summary.totalStoredSize)],
    ['Ratio', formatRatio(summary.totalStoredSize, summary.totalSize)],
  );
  if (summary.sources.length > SOURCES_LISTED) {
    list.push([
      'Sources',
      formatCountOf(summary.sources.length, 'file'),
      summary.sources.join('\n'),
    ]);
  } else if (summary.sources.length > 1) {
    list.push(['Sources', summary.sources.join(', ')]);
  }
  for (const [label, value] of summary.facts) list.push([label, value]);
  return list;
}

function IssueItem({ issue }: { issue: Issue }): ReactElement {
  return (
    <li className={`issue issue-${issue.severity}`}>
      <span className="issue-severity">{issue.severity}</span>{' '}
      <code className="issue-code">{issue.code}</code>
      {issue.span && <span className="issue-offset"> at {formatOffset(issue.span.offset)}</span>}
      {issue.entryIndex !== undefined && (
        <span className="issue-entry"> (entry #{issue.entryIndex})</span>
      )}
      : {issue.message}
    </li>
  );
}

export function FileDetailsView({
  file,
  isErrorShown = true,
}: {
  file: OpenFile;
  /** False when the error is shown elsewhere (in the place of a view it stopped). */
  isErrorShown?: boolean;
}): ReactElement {
  const issues = file.summary?.issues ?? [];
  return (
    <section className="details-section" aria-label={`Details of ${file.name}`}>
      <h2 className="details-title">{file.name}</h2>
      {file.error && isErrorShown && (
        <div className="error-box" role="alert">
          <strong>{file.hasCrashed ? 'The decoder stopped.' : 'Reading stopped early.'}</strong>{' '}
          {asSentence(file.error.message).replace(/\.$/, '')}
          {file.error.path !== '' && <span className="muted"> (field {file.error.path})</span>}.
          {!file.hasCrashed && file.rowCount > 0 && (
            <span> What was read before it is shown in the tree.</span>
          )}
        </div>
      )}
      <FactList facts={fileFacts(file)} />
      <FileSetPicker file={file} />
      <MissingSources file={file} />
      <InstallCheckSection file={file} />
      {offersOpenAs(file) && <OpenAsForm file={file} />}
      {issues.length > 0 && (
        <>
          <h3 className="details-subtitle">{formatCountOf(issues.length, 'issue')}</h3>
          <ul className="issues">
            {issues.slice(0, ISSUES_SHOWN).map((issue, at) => (
              <IssueItem key={at} issue={issue} />
            ))}
          </ul>
          {issues.length > ISSUES_SHOWN && (
            <p className="muted">…and {formatCount(issues.length - ISSUES_SHOWN)} more.</p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Which of the ways a gathered file can be opened it is (a build of a game folder), why,
 * and a picker for the others: choosing one opens it in this file's place.
 */
function FileSetPicker({ file }: { file: OpenFile }): ReactElement | null {
  const { chooseFileSet } = useActions();
  const fileSet = file.fileSet;
  if (!fileSet) return null;
  const chosen = fileSet.sets[fileSet.chosen];
  return (
    <div className="file-set" data-testid="file-set">
      <p>
        Opened <strong>{chosen?.label}</strong>: {fileSet.note}.
      </p>
      {fileSet.sets.length > 1 && (
        <label className="file-set-picker">
          Open instead:{' '}
          <select
            value={fileSet.chosen}
            onChange={(event) => void chooseFileSet(file.id, Number(event.target.value))}
            data-testid="file-set-select"
          >
            {fileSet.sets.map((set, at) => (
              <option key={at} value={at}>
                {set.label} ({formatCountOf(set.sources.length, 'file')})
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

/** Sources the session names and lacks (volumes of an index), and a picker to add them. */
function MissingSources({ file }: { file: OpenFile }): ReactElement | null {
  const { addSources } = useActions();
  const input = useRef<HTMLInputElement>(null);
  const missing = file.summary?.missingSources ?? [];
  if (missing.length === 0 || file.hasCrashed) return null;
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    if (picked.length > 0) void addSources(file.id, picked);
  };
  return (
    <div className="missing-sources" data-testid="missing-sources">
      <h3 className="details-subtitle">{formatCountOf(missing.length, 'missing source')}</h3>
      <ul className="issues">
        {missing.map((source) => (
          <li key={source.name}>
            <code>{source.name}</code>
            {source.alternatives?.map((name) => (
              <Fragment key={name}>
                {' '}
                or <code>{name}</code>
              </Fragment>
            ))}{' '}
            — needed by {formatCountOf(source.nodeCount, 'node')}
          </li>
        ))}
      </ul>
      {file.summary?.capabilities.sources === true && (
        <>
          <button
            type="button"
            className="button button-small"
            onClick={() => input.current?.click()}
            data-testid="add-sources"
          >
            Add sources…
          </button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            onChange={onPick}
            aria-label={`Add sources to ${file.name}`}
          />
        </>
      )}
    </div>
  );
}
