/** Series colours shared by the counts table, the media bars and the year chart. */
export const seriesColorsLite = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#e03131', '#5c940d'];
