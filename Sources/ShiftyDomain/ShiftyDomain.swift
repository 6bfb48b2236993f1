// ShiftyDomain
