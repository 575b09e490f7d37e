// The comboard menu of spec 1 §2.8, exactly its entries in its order.

export const COMBOARD_MENU: readonly string[] = ['/home-comboard', '/comboardlist', '/comboarduser', '/comboardcategory'];
