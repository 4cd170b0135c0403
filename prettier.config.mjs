// Formatting, checked by `npm run lint`. 120 columns: a line a reader takes in at once, and a file's
// length that says how big it is. Tailwind classes in a fixed order (prettier-plugin-tailwindcss),
// also inside cn() and clsx().
const config = {
  printWidth: 120,
  plugins: ["prettier-plugin-tailwindcss"],
  tailwindStylesheet: "./app/globals.css",
  tailwindFunctions: ["cn", "clsx"],
};

export default config;
