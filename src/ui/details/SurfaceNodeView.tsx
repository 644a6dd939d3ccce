/**
 * A node that stands for one surface of an image (a texture's mip level, layer or face in
 * the tree): the image view at that surface first, its stored bytes a tab away. Generic:
 * any session whose image capability says a node is a surface (`ImageInfo.surface`).
 */
import { useState, type ReactElement } from 'react';
import { nodeRef, type ImageInfo } from '../../worker/rpc/api.ts';
import { TextureView } from '../preview/image/TextureView.tsx';
import { PreviewTabs, type PreviewViewId } from '../preview/PreviewPane.tsx';
import { NodeBytesView } from './NodeBytesView.tsx';

export function SurfaceNodeView({
  fileId,
  entryIndex,
  info,
  name,
}: {
  fileId: string;
  entryIndex: number;
  info: ImageInfo;
  name: string;
}): ReactElement {
  const [view, setView] = useState<PreviewViewId>('image');
  const idBase = `surface-${fileId.replaceAll(':', '-')}-${entryIndex}`;
  return (
    <section className="preview-pane" data-testid="surface-node" aria-label={`Preview of ${name}`}>
      <PreviewTabs idBase={idBase} views={['image', 'hex']} activeView={view} onSelect={setView} />
      <div
        className="preview-panel"
        role="tabpanel"
        id={`${idBase}-panel`}
        aria-labelledby={`${idBase}-tab-${view}`}
      >
        {view === 'image' ? (
          <TextureView fileId={fileId} ref={nodeRef(entryIndex)} info={info} name={name} />
        ) : (
          <NodeBytesView fileId={fileId} entryIndex={entryIndex} />
        )}
      </div>
    </section>
  );
}
