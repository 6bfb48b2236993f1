// ShiftyPostgres
