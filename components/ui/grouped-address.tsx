// An address in groups of four, as people read and compare it ("TNDz fERD pxLD …"). The groups are
// spacing, not spaces: a copy or a selection is the address exactly. `short` keeps the first two
// groups and the last two, for a list where an address is recognised rather than used. The groups
// read left to right in a right-to-left page too (an isolate: the text around keeps its order).
export function GroupedAddress({ address, short = false }: { address: string; short?: boolean }) {
  const chunks = address.match(/.{1,4}/g) ?? [address];
  const shown = short && chunks.length > 5 ? [...chunks.slice(0, 2), "…", ...chunks.slice(-2)] : chunks;
  return (
    <bdi dir="ltr">
      {shown.map((chunk, index) => (
        <span key={index} className="me-[0.5ch] inline-block last:me-0">
          {chunk}
        </span>
      ))}
    </bdi>
  );
}
