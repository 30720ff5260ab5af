/**
 * What to write beside a delivery's address line: its complement only when the line does not
 * already carry it (the server's address line often reads 'Rua X, 10 - Apto 12 - Bairro, Cidade').
 */
export function complementBeside(address: string, complement: string | null | undefined): string | null {
  const wanted = complement?.trim() ?? '';
  if (wanted === '') return null;
  return address.toLocaleLowerCase('pt-BR').includes(wanted.toLocaleLowerCase('pt-BR')) ? null : wanted;
}
