// datatables.net-plugins ships its translations without type declarations.
declare module 'datatables.net-plugins/i18n/*.mjs' {
  const language: { readonly [key: string]: unknown };
  export default language;
}
