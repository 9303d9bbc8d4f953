// The page's title and subtitle, shared by its loading layout and the page: kept out of the route
// definition, whose chunk every page loads (/ and /login have no bytes to spare).
export const title = "Transaction History";
export const subtitle = "Every buy and sell of your stocks and cryptocurrencies.";
