/**
 * The local maps stand-in's street list: real streets of the demo stores' cities, each as one or
 * more straight segments between two plausible points, with the house numbers at the ends (numbers
 * interpolate linearly along a segment; in Brazil a number is roughly the metres from the street's
 * start). Positions are approximations for demos and tests, good to a few hundred metres.
 */

export interface StreetSegment {
  street: string;
  district: string;
  city: string;
  state: string;
  /** [lat, lng] of the end with `from`. */
  start: readonly [number, number];
  /** [lat, lng] of the end with `to`. */
  end: readonly [number, number];
  from: number;
  to: number;
}

const SP = { city: 'São Paulo', state: 'SP' } as const;
const OSASCO = { city: 'Osasco', state: 'SP' } as const;

type Row = [
  street: string,
  district: string,
  start: [number, number],
  end: [number, number],
  from: number,
  to: number,
];

const saoPaulo: Row[] = [
  // Consolação
  ['Rua Augusta', 'Consolação', [-23.5484, -46.6458], [-23.5587, -46.6584], 1, 1800],
  ['Rua da Consolação', 'Consolação', [-23.5448, -46.6428], [-23.5572, -46.662], 1, 2600],
  ['Rua Frei Caneca', 'Consolação', [-23.5497, -46.6508], [-23.5578, -46.6566], 1, 1200],
  ['Rua Bela Cintra', 'Consolação', [-23.5514, -46.6545], [-23.5601, -46.6623], 1, 1400],
  ['Rua Haddock Lobo', 'Consolação', [-23.5546, -46.6601], [-23.5618, -46.6668], 1, 1100],
  ['Rua Maria Antônia', 'Consolação', [-23.5465, -46.6474], [-23.5474, -46.6521], 1, 500],
  ['Rua Caio Prado', 'Consolação', [-23.5491, -46.6462], [-23.5499, -46.6528], 1, 700],
  ['Avenida Paulista', 'Consolação', [-23.5614, -46.6559], [-23.5557, -46.6623], 1500, 2600],
  // Bela Vista
  ['Avenida Paulista', 'Bela Vista', [-23.5706, -46.6453], [-23.5614, -46.6559], 1, 1500],
  ['Rua Treze de Maio', 'Bela Vista', [-23.5562, -46.6431], [-23.5651, -46.6478], 1, 1500],
  ['Rua Rui Barbosa', 'Bela Vista', [-23.5561, -46.6419], [-23.5617, -46.6483], 1, 900],
  ['Rua Avanhandava', 'Bela Vista', [-23.5501, -46.6443], [-23.5512, -46.6472], 1, 300],
  ['Rua Santo Antônio', 'Bela Vista', [-23.5504, -46.6404], [-23.5583, -46.6441], 1, 1100],
  ['Avenida Brigadeiro Luís Antônio', 'Bela Vista', [-23.5506, -46.6372], [-23.5679, -46.6491], 1, 2200],
  ['Rua Treze de Maio', 'Bela Vista', [-23.5651, -46.6478], [-23.5689, -46.6497], 1500, 2000],
  // Liberdade
  ['Rua Galvão Bueno', 'Liberdade', [-23.5561, -46.6346], [-23.564, -46.635], 1, 900],
  ['Rua dos Estudantes', 'Liberdade', [-23.5546, -46.6331], [-23.5602, -46.6318], 1, 600],
  ['Avenida da Liberdade', 'Liberdade', [-23.5519, -46.6352], [-23.5682, -46.6362], 1, 1800],
  ['Rua da Glória', 'Liberdade', [-23.5531, -46.6319], [-23.5641, -46.6304], 1, 1200],
  ['Rua Conselheiro Furtado', 'Liberdade', [-23.5536, -46.6298], [-23.5651, -46.6279], 1, 1300],
  ['Rua Vergueiro', 'Liberdade', [-23.5585, -46.6378], [-23.5721, -46.6401], 1, 1500],
  ['Rua Tomás Gonzaga', 'Liberdade', [-23.5569, -46.6349], [-23.5574, -46.6318], 1, 350],
  // Vila Mariana
  ['Rua Vergueiro', 'Vila Mariana', [-23.5721, -46.6401], [-23.5898, -46.6352], 1500, 3600],
  ['Rua Domingos de Morais', 'Vila Mariana', [-23.5816, -46.6384], [-23.6009, -46.6361], 1, 2200],
  ['Rua França Pinto', 'Vila Mariana', [-23.5861, -46.6398], [-23.5918, -46.6432], 1, 700],
  ['Rua Joaquim Távora', 'Vila Mariana', [-23.5879, -46.6381], [-23.5951, -46.6281], 1, 1300],
  [
    'Avenida Conselheiro Rodrigues Alves',
    'Vila Mariana',
    [-23.5868, -46.6344],
    [-23.5952, -46.6391],
    1,
    1100,
  ],
  ['Rua Sena Madureira', 'Vila Mariana', [-23.5889, -46.6331], [-23.5921, -46.6249], 1, 1000],
  // Jardim Paulista
  ['Rua Augusta', 'Jardim Paulista', [-23.5587, -46.6584], [-23.5673, -46.6681], 1800, 3200],
  ['Alameda Santos', 'Jardim Paulista', [-23.5679, -46.6471], [-23.5598, -46.6592], 1, 2300],
  ['Alameda Lorena', 'Jardim Paulista', [-23.5641, -46.6611], [-23.5729, -46.6712], 1, 2000],
  ['Rua Oscar Freire', 'Jardim Paulista', [-23.5623, -46.6651], [-23.5664, -46.6736], 1, 1100],
  ['Alameda Campinas', 'Jardim Paulista', [-23.5621, -46.6531], [-23.5701, -46.6621], 1, 1600],
  ['Rua Estados Unidos', 'Jardim Paulista', [-23.5681, -46.6611], [-23.5741, -46.6781], 1, 2000],
  ['Alameda Jaú', 'Jardim Paulista', [-23.5619, -46.6519], [-23.5699, -46.6641], 1, 1900],
  // República
  ['Avenida Ipiranga', 'República', [-23.5463, -46.6441], [-23.5371, -46.6381], 1, 1300],
  ['Rua Sete de Abril', 'República', [-23.5455, -46.6381], [-23.5441, -46.6426], 1, 500],
  ['Rua Barão de Itapetininga', 'República', [-23.5461, -46.6376], [-23.5451, -46.6421], 1, 300],
  ['Avenida São Luís', 'República', [-23.5469, -46.6394], [-23.5481, -46.6441], 1, 300],
  ['Rua Marquês de Itu', 'República', [-23.5431, -46.6461], [-23.5449, -46.6521], 1, 1000],
  ['Avenida São João', 'República', [-23.5431, -46.6351], [-23.5352, -46.6549], 1, 2000],
  ['Rua do Arouche', 'República', [-23.5411, -46.6441], [-23.5386, -46.6481], 1, 500],
  // Pinheiros
  ['Rua Oscar Freire', 'Pinheiros', [-23.5664, -46.6736], [-23.5601, -46.6841], 1100, 2700],
  ['Rua dos Pinheiros', 'Pinheiros', [-23.5591, -46.6781], [-23.5681, -46.6881], 1, 1400],
  ['Rua Teodoro Sampaio', 'Pinheiros', [-23.5531, -46.6731], [-23.5679, -46.6949], 1, 2700],
  ['Rua Cardeal Arcoverde', 'Pinheiros', [-23.5541, -46.6789], [-23.5669, -46.6931], 1, 2900],
  ['Rua Fradique Coutinho', 'Pinheiros', [-23.5581, -46.6841], [-23.5651, -46.6921], 1, 1400],
  ['Avenida Brigadeiro Faria Lima', 'Pinheiros', [-23.5631, -46.6961], [-23.5771, -46.6881], 1, 2000],
  ['Rua Artur de Azevedo', 'Pinheiros', [-23.5579, -46.6759], [-23.5661, -46.6831], 1, 1400],
  // Perdizes
  ['Rua Cardoso de Almeida', 'Perdizes', [-23.5401, -46.6641], [-23.5361, -46.6781], 1, 2000],
  ['Rua Monte Alegre', 'Perdizes', [-23.5379, -46.6701], [-23.5341, -46.6741], 1, 1200],
  ['Rua Cayowaá', 'Perdizes', [-23.5351, -46.6779], [-23.5441, -46.6791], 1, 2000],
  ['Rua Turiassu', 'Perdizes', [-23.5321, -46.6721], [-23.5381, -46.6821], 1, 1500],
  ['Avenida Sumaré', 'Perdizes', [-23.5359, -46.6801], [-23.5481, -46.6779], 1, 1600],
  // Moema (outside the demo pizzaria's active neighbourhoods)
  ['Avenida Moema', 'Moema', [-23.5981, -46.6651], [-23.6061, -46.6639], 1, 900],
  ['Avenida Ibirapuera', 'Moema', [-23.5931, -46.6621], [-23.6101, -46.6661], 2000, 3600],
];

const osasco: Row[] = [
  ['Avenida dos Autonomistas', 'Centro', [-23.5331, -46.7741], [-23.5351, -46.7901], 1000, 2600],
  ['Rua Antônio Agu', 'Centro', [-23.5321, -46.7781], [-23.5339, -46.7851], 1, 1200],
  ['Rua Primitiva Vianco', 'Centro', [-23.5301, -46.7781], [-23.5349, -46.7829], 1, 1000],
  ['Avenida Maria Campos', 'Centro', [-23.5301, -46.7721], [-23.5261, -46.7801], 1, 900],
  ['Rua Erasmo Braga', 'Presidente Altino', [-23.5289, -46.7651], [-23.5259, -46.7601], 1, 700],
];

const segment =
  (place: { city: string; state: string }) =>
  ([street, district, start, end, from, to]: Row): StreetSegment => ({
    street,
    district,
    ...place,
    start,
    end,
    from,
    to,
  });

export const STREET_LIST: readonly StreetSegment[] = [
  ...saoPaulo.map(segment(SP)),
  ...osasco.map(segment(OSASCO)),
];
