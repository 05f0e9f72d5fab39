/** The sign-in screen's language menu: before sign-in the visitor chooses the language of every screen. */
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@asbuilt/domain';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { Words } from './words.ts';

/**
 * Before sign-in the browser's language decides; this lets the visitor choose another (kept in
 * local storage, and the screen switches at once). A menu button: Enter, Space or the arrows
 * open it on the current language; the arrows, Home, End and a first letter move; Escape and Tab
 * close it.
 */
export function LanguageSwitch({
  words,
  onChoose,
}: {
  words: Words;
  onChoose: (language: Language) => void;
}) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const current = words.language;

  useEffect(() => {
    if (open && focusAt !== null) itemRefs.current[focusAt]?.focus();
  }, [open, focusAt]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const openAt = (index: number) => {
    setFocusAt(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setFocusAt(null);
    buttonRef.current?.focus();
  };
  const choose = (language: Language) => {
    close();
    onChoose(language);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? LANGUAGES.indexOf(current) : LANGUAGES.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const count = LANGUAGES.length;
    const at = focusAt ?? 0;
    const move: Record<string, number> = {
      ArrowDown: (at + 1) % count,
      ArrowUp: (at - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    if (event.key in move) {
      event.preventDefault();
      setFocusAt(move[event.key]!);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    } else if (event.key.length === 1 && /\p{L}/u.test(event.key)) {
      const letter = event.key.toLowerCase();
      const found = LANGUAGES.findIndex((language) =>
        LANGUAGE_NAMES[language].toLowerCase().startsWith(letter),
      );
      if (found >= 0) setFocusAt(found);
    }
  };

  return (
    <div className="signin-lang" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="signin-lang-button"
        // Named by what it shows too: "Language: English" (WCAG 2.5.3).
        aria-label={`${words.t('auth:language')}: ${LANGUAGE_NAMES[current]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close() : openAt(LANGUAGES.indexOf(current)))}
        onKeyDown={onButtonKey}
      >
        <TranslateIcon />
        <span lang={current}>{LANGUAGE_NAMES[current]}</span>
        <DropDownIcon />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className="signin-menu"
          aria-label={words.t('auth:language')}
          onKeyDown={onMenuKey}
        >
          {LANGUAGES.map((language, index) => (
            <button
              key={language}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={language}
              aria-current={language === current ? 'true' : undefined}
              onClick={() => choose(language)}
            >
              <span className="signin-menu-check">{language === current ? <CheckIcon /> : null}</span>
              {LANGUAGE_NAMES[language]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The Material icons the app's switch shows (Translate, ArrowDropDown, Check). */
const icon = (path: string, className: string) => (
  <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={path} fill="currentColor" />
  </svg>
);
const TranslateIcon = () =>
  icon(
    'm12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z',
    'signin-icon-start',
  );
const DropDownIcon = () => icon('m7 10 5 5 5-5z', 'signin-icon-end');
const CheckIcon = () => icon('M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z', 'signin-icon-check');
