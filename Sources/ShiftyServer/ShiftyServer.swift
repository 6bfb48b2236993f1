// ShiftyServer
