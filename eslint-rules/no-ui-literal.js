// The web app's words live in its catalogues (apps/web/src/locales, docs/decisions/027): a word
// written straight into a component would show in English to someone who reads Spanish. This rule
// refuses text with a letter in it where a user reads it: between JSX tags, in the attributes that
// are shown or read aloud, and in the properties of the objects that name what a user sees (a
// column's header, a select's options, a toast). Symbols, digits and punctuation pass ('-', '·',
// '00/00/0000').

const letter = /\p{L}/u;
const shownAttributes = new Set([
  'label', 'placeholder', 'title', 'aria-label', 'alt', 'description', 'aria-description',
  'aria-valuetext', 'aria-roledescription', 'message', 'emptyMessage', 'nothingFoundMessage',
  'confirmLabel', 'cancelLabel', 'heading', 'subtitle', 'caption', 'tooltip', 'legend', 'hint',
  'error', 'helperText', 'loadingText', 'text', 'name-shown',
]);
const shownProperties = new Set([
  'label', 'title', 'message', 'placeholder', 'description', 'header', 'heading', 'subtitle',
  'emptyMessage', 'confirmLabel', 'cancelLabel', 'tooltip', 'caption', 'hint', 'text', 'error',
  'ariaLabel', 'aria-label', 'confirm', 'cancel', 'children',
]);

const hasWords = (value) => typeof value === 'string' && letter.test(value);

function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression') return literalText(node.consequent) ?? literalText(node.alternate);
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return null;
}

const message = (text) =>
  `"${text.trim().slice(0, 40)}" is shown to the user: put it in the area's catalogue (src/locales/<area>.en.json and .es.json) and show it with t().`;

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses user-facing words written into the web app instead of its catalogues.' },
    schema: [],
  },
  create(context) {
    return {
      JSXText(node) {
        if (hasWords(node.value)) context.report({ node, message: message(node.value) });
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        const text = literalText(node.expression);
        if (hasWords(text)) context.report({ node, message: message(text) });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !shownAttributes.has(name)) return;
        const text = literalText(node.value);
        if (hasWords(text)) context.report({ node, message: message(text) });
      },
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? String(node.key.value) : null;
        if (!key || !shownProperties.has(key) || node.computed) return;
        const text = literalText(node.value);
        if (hasWords(text)) context.report({ node, message: message(text) });
      },
    };
  },
};
