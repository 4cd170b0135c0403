// An address in groups of four, as people read and compare it ("TNDz fERD pxLD …"). The groups are
// spacing, not spaces: a copy or a selection is the address exactly.
export function GroupedAddress({ address }: { address: string }) {
  const chunks = address.match(/.{1,4}/g) ?? [address];
  return chunks.map((chunk, index) => (
    <span key={index} className="mr-[0.5ch] inline-block last:mr-0">
      {chunk}
    </span>
  ));
}
