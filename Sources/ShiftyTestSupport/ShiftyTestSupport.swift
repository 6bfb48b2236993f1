// ShiftyTestSupport
