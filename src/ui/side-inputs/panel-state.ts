/**
 * Whether the side-inputs panel is open: its button in the header opens it, and so may a
 * view that needs a side input (a "Load a type list" button), from anywhere on the page.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

interface PanelState {
  isOpen: boolean;
}

const panel = createStore<PanelState>(() => ({ isOpen: false }));

export const openSideInputsPanel = () => panel.setState({ isOpen: true });
export const closeSideInputsPanel = () => panel.setState({ isOpen: false });
export const useIsSideInputsPanelOpen = () => useStore(panel, (state) => state.isOpen);
