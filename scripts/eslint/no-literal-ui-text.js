/**
 * Every word on screen comes from a catalogue (docs/decisions/0015): this refuses text in JSX and
 * string literals in the attributes people read or hear (aria-label, placeholder, title, label …).
 * Text without Latin letters passes by rule: Japanese sample text, symbols, numbers, `·`, `→`.
 * A brand name or a code sample that must stay as written is marked where it stands:
 * `// eslint-disable-next-line kotonoha/no-literal-ui-text -- brand name`.
 */
const latin = /[A-Za-z]/;
const readAttributes = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-valuetext', 'alt', 'title', 'placeholder', 'label', 'description', 'error', 'tooltip', 'heading', 'emptyMessage', 'confirmLabel', 'cancelLabel']);

function literalText(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression') return [literalText(node.consequent), literalText(node.alternate)].filter(Boolean).join(' ') || undefined;
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Words on screen come from the catalogues (useT / translate), not from literals in JSX.' },
    messages: {
      text: 'Text on screen must come from a catalogue: {{text}}',
      attribute: 'The "{{name}}" people read or hear must come from a catalogue: {{text}}',
    },
    schema: [],
  },
  create(context) {
    const report = (node, messageId, data) => context.report({ node, messageId, data: { ...data, text: JSON.stringify(data.text.trim().slice(0, 40)) } });
    return {
      JSXText(node) {
        if (latin.test(node.value)) report(node, 'text', { text: node.value });
      },
      'JSXElement > JSXExpressionContainer'(node) {
        const text = literalText(node.expression);
        if (text !== undefined && latin.test(text)) report(node, 'text', { text });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!readAttributes.has(name)) return;
        const text = literalText(node.value);
        if (text !== undefined && latin.test(text)) report(node, 'attribute', { name, text });
      },
    };
  },
};
