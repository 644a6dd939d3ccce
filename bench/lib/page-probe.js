// Injected into the app page before its scripts (page.addInitScript). Plain JS on purpose:
// it is sent as text, not bundled. It records, in the page's own clock:
//   - long tasks (PerformanceObserver 'longtask'), and what ran in each long animation
//     frame ('long-animation-frame': scripts, and style and layout), to say what a long task was;
//   - comlink calls to workers (name, sent, answered), by wrapping the Worker class;
//   - when armed conditions on the DOM first hold (MutationObserver), and the next frame;
//   - frame times of a scripted scroll of the tree.
(() => {
  const probe = {
    marks: {},
    longtasks: [],
    frames: [],
    calls: [],
    waiters: [],
  };
  window.__probe = probe;
  const now = () => performance.now();

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        probe.longtasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    probe.noLongtask = true;
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.duration < 50 || probe.frames.length >= 1000) continue;
        const layoutStart = entry.styleAndLayoutStart || entry.startTime + entry.duration;
        probe.frames.push({
          start: entry.startTime,
          duration: entry.duration,
          layoutMs: entry.startTime + entry.duration - layoutStart,
          scripts: entry.scripts.map((script) => ({
            invoker: script.invoker,
            source: `${(script.sourceURL || '').split('/').pop()}:${script.sourceCharPosition}`,
            name: script.sourceFunctionName,
            duration: script.duration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    probe.noFrames = true;
  }

  document.addEventListener(
    'change',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.type === 'file')
        probe.marks.inputChange = now();
    },
    true,
  );

  document.addEventListener(
    'input',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.dataset.testid === 'filter')
        probe.marks.filterInput = now();
    },
    true,
  );

  const NativeWorker = window.Worker;
  window.Worker = class ProbedWorker extends NativeWorker {
    constructor(...args) {
      super(...args);
      const pending = new Map();
      this.__pending = pending;
      this.addEventListener('message', (event) => {
        const data = event.data;
        if (data && typeof data === 'object' && pending.has(data.id)) {
          pending.get(data.id).end = now();
          pending.delete(data.id);
        }
      });
    }
    postMessage(message, ...rest) {
      if (
        message &&
        message.type === 'APPLY' &&
        Array.isArray(message.path) &&
        probe.calls.length < 200000
      ) {
        const call = { name: message.path.join('.'), start: now(), end: null };
        probe.calls.push(call);
        if (message.id !== undefined) this.__pending.set(message.id, call);
      }
      return super.postMessage(message, ...rest);
    }
  };

  /** Conditions the bench waits on. kind: 'selector' | 'text' | 'enabled'. */
  const holds = (waiter) => {
    const element = document.querySelector(waiter.selector);
    if (!element) return false;
    if (waiter.kind === 'enabled') return !element.disabled;
    if (waiter.kind === 'text') return (element.textContent || '').includes(waiter.text);
    return true;
  };
  const check = () => {
    for (const waiter of probe.waiters) {
      if (waiter.at !== null || !holds(waiter)) continue;
      waiter.at = now();
      probe.marks[waiter.name + 'Dom'] = waiter.at;
      requestAnimationFrame(() => {
        probe.marks[waiter.name] = now();
      });
    }
    probe.waiters = probe.waiters.filter((waiter) => waiter.at === null);
  };
  probe.arm = (name, kind, selector, text) => {
    delete probe.marks[name];
    delete probe.marks[name + 'Dom'];
    probe.waiters.push({ name, kind, selector, text: text || '', at: null });
    check();
  };
  new MutationObserver(() => {
    if (probe.waiters.length > 0) check();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  /** The element that scrolls the tree. */
  // Past the browser's height cap the tree scrolls through its own scaled scrollbar (the
  // element a user drags); below it, the scroller around the list scrolls natively.
  probe.scroller = () => {
    const scrollable = (element) => element && element.scrollHeight > element.clientHeight + 1;
    const scaled = document.querySelector('.is-scaled [data-testid="tree-scrollbar"]');
    if (scrollable(scaled)) return scaled;
    const scroller = document.querySelector('[data-testid="tree-scroller"]');
    if (scrollable(scroller)) return scroller;
    const tree = document.querySelector('[data-testid="tree"]');
    if (!tree) return null;
    const candidates = [tree, ...tree.querySelectorAll('*')];
    let parent = tree.parentElement;
    while (parent) {
      candidates.push(parent);
      parent = parent.parentElement;
    }
    return candidates.find(scrollable) || tree;
  };

  /**
   * Scrolls the tree through `positions` (fractions of the scroll range), one per frame, and
   * returns the frame times (rAF to rAF), how many rendered rows were still loading at each
   * frame, and the largest row index seen.
   */
  probe.scrollRun = (positions) =>
    new Promise((resolve) => {
      const scroller = probe.scroller();
      const frames = [];
      const loading = [];
      let maxRow = -1;
      let index = 0;
      let last = null;
      const step = (time) => {
        if (last !== null) frames.push(time - last);
        last = time;
        const rows = document.querySelectorAll('[data-testid="tree"] [role="treeitem"]');
        let busy = 0;
        for (const row of rows) {
          if (row.getAttribute('aria-busy') === 'true') busy++;
          const at = Number(row.getAttribute('data-row'));
          if (at > maxRow) maxRow = at;
        }
        loading.push(busy);
        if (index >= positions.length) {
          resolve({
            frames,
            loading,
            maxRow,
            scrollHeight: scroller.scrollHeight,
            clientHeight: scroller.clientHeight,
          });
          return;
        }
        const range = scroller.scrollHeight - scroller.clientHeight;
        scroller.scrollTop = Math.round(positions[index] * range);
        index++;
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });

  /**
   * Drops `file` on the page as a user would (dragenter, dragover, drop on the body, as the
   * e2e suite does), marking `drop` just before.
   */
  probe.drop = (file) => {
    const transfer = new DataTransfer();
    transfer.items.add(file);
    probe.marks.drop = now();
    for (const type of ['dragenter', 'dragover', 'drop']) {
      document.body.dispatchEvent(
        new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    }
  };

  /**
   * Drags the level view by (dx, dy) CSS px per frame for `steps` frames: pointer events
   * on its canvas (a synthetic pointer, which the view drags without capture), one move per
   * animation frame. Returns the frame times (rAF to rAF) and the view's own draw time of
   * each frame (its `data-frame-ms`).
   */
  probe.panRun = (steps, dx, dy) =>
    new Promise((resolve) => {
      const canvas = document.querySelector('[data-testid="level-canvas"] canvas');
      const rect = canvas.getBoundingClientRect();
      let x = rect.left + rect.width / 2;
      let y = rect.top + rect.height / 2;
      const pointer = (type) =>
        canvas.dispatchEvent(
          new PointerEvent(type, {
            pointerId: 7,
            pointerType: 'mouse',
            isPrimary: true,
            button: 0,
            buttons: type === 'pointerup' ? 0 : 1,
            clientX: x,
            clientY: y,
            bubbles: true,
            cancelable: true,
          }),
        );
      const frames = [];
      const drawMs = [];
      const drawnBefore = Number(canvas.dataset.frames || 0);
      let index = 0;
      let last = null;
      // Back and forth, so a long run stays inside the level.
      let direction = 1;
      pointer('pointerdown');
      const step = (time) => {
        if (last !== null) {
          frames.push(time - last);
          drawMs.push(Number(canvas.dataset.frameMs || 0));
        }
        last = time;
        if (index >= steps) {
          pointer('pointerup');
          resolve({ frames, drawMs, drawn: Number(canvas.dataset.frames || 0) - drawnBefore });
          return;
        }
        if (index % 100 === 99) direction = -direction;
        x += dx * direction;
        y += dy * direction;
        pointer('pointermove');
        index++;
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
})();
