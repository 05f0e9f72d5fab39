/**
 * Finds words a component shows to the user without the catalogues: JSX text, string literals
 * given to props a user reads (label, title, placeholder...), literal JSX children, and literal
 * arguments of the calls that show or title something (toasts, page titles). A line above that
 * says `i18n-exempt: <reason>` lets one through.
 */
import ts from 'typescript';
import { parseSource } from './sourceLiterals.ts';

const WORDS = /\p{L}{2,}/u;

/** Props whose value a user reads or hears. */
const USER_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'helperText',
  'aria-label',
  'aria-description',
  'alt',
  'tooltip',
  'primary',
  'secondary',
  'subheader',
  'heading',
  'headline',
  'message',
  'description',
  'emptyText',
  'emptyMessage',
  'confirmLabel',
  'cancelLabel',
  'confirmText',
  'text',
  'noOptionsText',
  'loadingText',
  'labelRowsPerPage',
]);

/** Calls whose string argument reaches the user. */
const USER_CALLS = new Set([
  'toastSuccess',
  'toastError',
  'toastFailure',
  'usePageTitle',
  'success',
  'error',
  'info',
  'warning',
  'warn',
  'alert',
  'confirm',
]);
/** Objects whose methods above are the toast API, not a logger. */
const TOAST_OBJECTS = new Set(['toast']);

/** Object properties that hold words for a screen (menus, columns, options built as data). */
const USER_KEYS = new Set([
  'label',
  'title',
  'headline',
  'placeholder',
  'tooltip',
  'helperText',
  'emptyText',
]);

export interface Finding {
  line: number;
  text: string;
}

function hasWords(text: string): boolean {
  return WORDS.test(text);
}

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = literalText(node.whenTrue);
    const b = literalText(node.whenFalse);
    return [a, b].filter((t) => t !== null).join(' ') || null;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    return literalText(node.right);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    return literalText(node.right);
  }
  return null;
}

function calleeName(call: ts.CallExpression): { name: string; object: string | null } | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return { name: callee.text, object: null };
  if (ts.isPropertyAccessExpression(callee)) {
    const object = ts.isIdentifier(callee.expression) ? callee.expression.text : null;
    return { name: callee.name.text, object };
  }
  return null;
}

export function findBareLiterals(file: string, text: string): Finding[] {
  const source = parseSource(file, text);
  const lines = text.split('\n');
  const findings: Finding[] = [];
  const report = (node: ts.Node, words: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const above = lines.slice(Math.max(0, line - 2), line + 1).join('\n');
    if (/i18n-exempt:\s*\S/.test(above)) return;
    findings.push({ line: line + 1, text: words.trim().slice(0, 80) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const words = literalText(node.expression);
      if (words && hasWords(words)) report(node, words);
    } else if (ts.isJsxAttribute(node) && USER_PROPS.has(node.name.getText(source))) {
      const words = literalText(node.initializer);
      if (words && hasWords(words)) report(node, words);
    } else if (ts.isCallExpression(node)) {
      const callee = calleeName(node);
      const shown =
        callee &&
        USER_CALLS.has(callee.name) &&
        (callee.object === null
          ? callee.name.startsWith('toast') || callee.name === 'usePageTitle'
          : TOAST_OBJECTS.has(callee.object));
      if (shown) {
        for (const arg of node.arguments) {
          const words = literalText(arg);
          if (words && hasWords(words)) report(arg, words);
        }
      }
    } else if (
      ts.isPropertyAssignment(node) &&
      USER_KEYS.has(node.name.getText(source).replace(/['"]/g, ''))
    ) {
      const words = literalText(node.initializer);
      if (words && hasWords(words)) report(node, words);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}
