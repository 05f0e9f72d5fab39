/** One language's words of the sign-in screen (`SignInWords` of wordList.ts), picked by vite.config.ts. */
declare module 'virtual:sign-in-words/*' {
  const words: Readonly<Record<string, string>>;
  export default words;
}
