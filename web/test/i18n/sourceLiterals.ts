/** String literals and template-literal heads of a source file, read with the TypeScript parser. */
import ts from 'typescript';

export interface FileLiterals {
  literals: string[];
  prefixes: string[];
}

export function literalsOf(file: string, text: string): FileLiterals {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
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
