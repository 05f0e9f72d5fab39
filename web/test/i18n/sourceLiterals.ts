/** String literals and template-literal heads of a source file, read with the TypeScript parser. */
import ts from 'typescript';

export interface FileLiterals {
  literals: string[];
  prefixes: string[];
}

/** A .ts or .tsx file's syntax tree, with parent links (node.getText needs them). */
export function parseSource(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

export function literalsOf(file: string, text: string): FileLiterals {
  const source = parseSource(file, text);
  const literals: string[] = [];
  const prefixes: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(node.text);
    else if (ts.isTemplateExpression(node)) prefixes.push(node.head.text);
    else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      literals.push(node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals, prefixes };
}
