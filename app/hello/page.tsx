// The smallest page of this build: the baseline the shipped-JavaScript figure of `/` is compared with.
export default function Hello() {
  return <main className="p-8">Hello</main>;
}
