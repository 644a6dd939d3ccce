/**
 * The level view as a view plug-in (ui/preview/registry.ts): a WWD session offers the
 * `wwd-level` view; its file row shows the map. Its nodes (header, planes, objects, tile
 * properties) need no pane of their own: the generic node pane shows their fields and
 * their bytes in the decoded level, highlighted.
 */
import type { ViewPlugin } from '../view-plugin.ts';
import { WWD_LEVEL_VIEW } from './level-types.ts';
import { LevelView } from './LevelView.tsx';
import './level-view.css';

export const wwdLevelView: ViewPlugin = {
  view: WWD_LEVEL_VIEW,
  label: 'Level map',
  filePane: LevelView,
};
