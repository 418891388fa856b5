//! The cards on the table: the pyramid, the stock and the waste.

pub mod card_button;
pub mod pyramid;
pub mod stock_waste;
