// Formatting, checked by `npm test`. Wide lines: this codebase prefers one statement to one line.
const config = {
  printWidth: 160,
};

export default config;
