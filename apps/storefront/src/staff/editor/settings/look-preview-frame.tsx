import { type DocumentLook, LOOK_PREVIEW_PATH } from '@comanda/contract';
import { useEffect, useRef, useState } from 'react';
import { applyPreview } from './look-preview.ts';

/** The phone the preview shows the menu home on, in CSS pixels (the storefront's reference phone). */
const PHONE_WIDTH = 390;
const PHONE_HEIGHT = 680;

export interface PreviewWords {
  title: string;
  frameTitle: string;
  hint: string;
  light: string;
  dark: string;
  themeLabel: string;
}

/**
 * The store's menu home with the draft's look, live: the page itself in a frame (same origin, the
 * preview address: no service worker, no tracking), scaled to the screen's width and not
 * interactive (a tap there would fill this phone's own cart). Light or dark, the draft's default
 * theme first.
 */
export function LookPreviewFrame({ look, words }: { look: DocumentLook; words: PreviewWords }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<Document | null>(null);
  const [mode, setMode] = useState(look.default_style_mode);
  const [scale, setScale] = useState(1);
  const latest = useRef({ look, mode });
  latest.current = { look, mode };

  useEffect(() => setMode(look.default_style_mode), [look.default_style_mode]);

  useEffect(() => {
    if (doc) applyPreview(doc, look, mode);
  }, [doc, look, mode]);

  // The page keeps rendering after it loads (the app replaces the pre-painted header, sets its own
  // variables and theme): the draft's look is laid over again after each change.
  useEffect(() => {
    const Observer = doc?.defaultView?.MutationObserver;
    if (!doc || !Observer) return;
    const observer = new Observer(() => applyPreview(doc, latest.current.look, latest.current.mode));
    observer.observe(doc.documentElement, {
      attributes: true,
      attributeFilter: ['data-mode', 'class'],
      childList: true,
      subtree: true,
    });
    return () => observer.disconnect();
  }, [doc]);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? PHONE_WIDTH;
      setScale(Math.min(1, width / PHONE_WIDTH));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section className="editor-group look-preview" aria-labelledby="look-preview-title">
      <h3 id="look-preview-title">{words.title}</h3>
      <p className="editor-hint">{words.hint}</p>
      <fieldset className="look-preview-modes">
        <legend className="sr-only">{words.themeLabel}</legend>
        {(['light', 'dark'] as const).map((candidate) => (
          <button
            key={candidate}
            type="button"
            className="button button-secondary button-small"
            aria-pressed={mode === candidate}
            onClick={() => setMode(candidate)}
          >
            {candidate === 'light' ? words.light : words.dark}
          </button>
        ))}
      </fieldset>
      <div ref={box} className="look-preview-box" style={{ height: PHONE_HEIGHT * scale }}>
        <iframe
          ref={frame}
          src={LOOK_PREVIEW_PATH}
          title={words.frameTitle}
          width={PHONE_WIDTH}
          height={PHONE_HEIGHT}
          tabIndex={-1}
          inert
          style={{ transform: `scale(${scale})` }}
          onLoad={() => setDoc(frame.current?.contentDocument ?? null)}
        />
      </div>
    </section>
  );
}
