/** Copies a node's value or subtree as JSON (the shared CopyJsonButton, over the KA view's text). */
import type { ReactElement } from 'react';
import { askView } from '../../../state/hooks.ts';
import { CopyJsonButton as CopyViewJson } from '../CopyJsonButton.tsx';
import { jsonQuery, type KaTextAnswer } from './ka-view-types.ts';

export function CopyJsonButton({
  fileId,
  index,
  isSubtree,
}: {
  fileId: string;
  index: number;
  isSubtree: boolean;
}): ReactElement {
  return (
    <CopyViewJson
      what={isSubtree ? 'subtree' : 'value'}
      testIdPrefix="ka"
      makeText={async () => {
        const answer = await askView<KaTextAnswer>(fileId, jsonQuery(index));
        return answer.ok ? { ok: true, value: answer.value.text } : answer;
      }}
    />
  );
}
