// The reports module's face (docs/decisions/0041): what other modules and the app's composition may use.
export {
  type Cell as CsvCell,
  money as csvMoney,
  ReportsService,
  toCsv as spreadsheetCsv,
} from './service.ts';
